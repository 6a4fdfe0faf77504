"""Issue 28, items 12 and 17: what a card says is in the card, and a card keeps to its column
(the browser test ``tests/browser/test_view_fit.py`` measures it; these check the HTML)."""

from __future__ import annotations

from html import escape

from toolresult_lab import Transcript
from toolresult_lab.views.render import style_html
from toolresult_lab.views.render_transcript import transcript_card_html


def _request() -> dict:
    """A Gemini request whose call carries a thought signature and a tool result an image:
    both are lost on hermes (the signature dropped, the image a placeholder)."""
    png = "iVBORw0KGgo" + "A" * 40
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "Chart?"}]},
            {
                "role": "model",
                "parts": [
                    {
                        "functionCall": {"id": "c1", "name": "chart", "args": {}},
                        "thoughtSignature": "QUJD",
                    }
                ],
            },
            {
                "role": "user",
                "parts": [
                    {
                        "functionResponse": {
                            "id": "c1",
                            "name": "chart",
                            "response": {"result": "<b>done</b>"},
                            "parts": [{"inlineData": {"mimeType": "image/png", "data": png}}],
                        }
                    }
                ],
            },
        ]
    }


def test_each_loss_is_written_in_the_card_not_only_in_a_tooltip() -> None:
    transcript = Transcript.from_wire("gemini", _request())
    _, losses = transcript.written("hermes", image_input=True)
    assert losses
    html = transcript_card_html(transcript, "hermes", image_input=True)
    assert "title=" not in html  # nothing is only a tooltip
    for loss in losses:
        shown = (
            f'<li><span class="trl-badge trl-outcome-placeholder">loss: {escape(loss.path)}'
            f"</span> {escape(loss.what)}</li>"
        )
        assert shown in html
    assert "<b>done</b>" not in html


def test_a_card_breaks_long_words_and_its_widget_box_may_shrink() -> None:
    style = style_html()
    assert "line-height:1.4;overflow-wrap:anywhere}" in style  # on .trl-card
    assert ".trl-compare .widget-html-content{min-width:0}" in style


def test_a_transcript_with_thinking_and_a_cache_mark_is_shown() -> None:
    """Issue 35: the transcript view's switch over part kinds had no case for thinking or a
    cache mark and raised; it ends in ``exhausted`` now, so mypy names a kind left out."""
    from toolresult_lab import AssistantTurn, Text, UserTurn
    from toolresult_lab.requests.transcripts import CacheMark, Thinking

    transcript = Transcript(
        turns=(
            UserTurn((Text("hi"), CacheMark("cache_control"))),
            AssistantTurn((Thinking("<hmm>", "sig"), Thinking(redacted="QUJD"), Text("ok"))),
        )
    )
    html = transcript._repr_html_()
    assert '<div class="trl-opaque">[cache mark: cache_control]</div>' in html
    assert '<div class="trl-opaque">[thinking (signed)] &lt;hmm&gt;</div>' in html
    assert '<div class="trl-opaque">[redacted thinking]</div>' in html
