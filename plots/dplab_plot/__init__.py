"""Figures and tables of dplab result files: the shared reading (result.py) and drawing helpers
(common.py). Each plot kind is one module in plots/kinds/ (see plots/plot.py)."""
