"""What is kept: the SQLite store, verdict files with the shipped tables, and deal files."""
