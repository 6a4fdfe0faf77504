"""In flight: ``guard`` puts ``lint`` and ``repair`` in the path of every request an
official client (or any httpx / httpx2 client, or boto3's bedrock-runtime) sends.

Only there can a check see what decides most new HTTP 400s besides the body: the request's
headers (``anthropic-version``, ``anthropic-beta``), the model in the URL (Gemini, Bedrock)
and the request sent before it in the same conversation. One module per job:
``wire_paths`` (which wire a request path speaks), ``conversations`` (the earlier request of
each conversation, bounded), ``inspection`` (the modes, fail-open, reporting),
``record_log`` (the JSON-lines record of what was sent), and one hook per client family:
``stainless_hook`` (openai, anthropic), ``genai_hook`` (google-genai), ``http_transport``
(httpx and httpx2 clients and transports, ollama) and ``botocore_hook`` (boto3 Bedrock).
``instrument.guard`` picks the hook for a target. None of them imports httpx, httpx2 or
botocore: each works on the objects it is handed.
"""
