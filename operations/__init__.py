"""The bank-wide features: the Overview's dashboard, backups and restore, reconcile, the daily jobs,
statements, the audit trail and ledger views, the socket. They read every app (docs/architecture.md)."""
