"""AFLite (WinoGrande's Algorithm 1): adversarial filtering of a corpus on transformer embeddings."""
