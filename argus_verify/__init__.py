"""The command line and the reports: the only package that may import all the others."""
