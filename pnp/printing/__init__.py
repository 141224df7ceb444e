"""The print side: page placement (pure) and drawing (reportlab)."""
