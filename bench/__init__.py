"""Benchmarks that anyone can rerun: `memsvc bench ingest` (see README, Benchmarks)."""
