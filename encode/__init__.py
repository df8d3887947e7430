"""Encoding of kernels into solver queries: the layout algebra, abstract interpretation, Z3."""
