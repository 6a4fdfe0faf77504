"""Notebook widgets: compare one result across the wires, and explore the capability matrix.

Importing this package imports ipywidgets (the core package does not need it).
"""

from .compare import CompareBox, compare
from .explorer import MatrixExplorer, matrix_explorer

__all__ = ["CompareBox", "MatrixExplorer", "compare", "matrix_explorer"]
