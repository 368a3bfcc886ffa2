"""Store connections, schema bootstrap and the repositories that run the named queries in `cypher/`.

Callers get plain data (dicts, lists, scalars), never a driver object.
"""
