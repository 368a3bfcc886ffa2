"""The work behind the endpoints (ingest, keys and quotas, memories) and the local models behind small
interfaces. Called by `app`; calls `graph`."""
