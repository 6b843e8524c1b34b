"""Fine-tuning on one corpus and what it needs: twin-safe splits, nested learning-curve samples, and
the overlap (contamination) between the corpora a model is trained and evaluated on."""
