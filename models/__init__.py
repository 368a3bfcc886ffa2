"""Pydantic schemas of the REST contract (the one source of the OpenAPI document), settings and errors.

Shared by every layer: nothing here imports `app`, `pipelines` or `graph`.
"""
