"""A teaching tutor and rules explainer for Sechsundsechzig (66)."""

__version__ = "0.1.0"
