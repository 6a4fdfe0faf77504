"""What people look at: HTML renderings, the notebook widgets, the capability matrix and the
generated provider-differences document."""
