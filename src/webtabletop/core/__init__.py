"""What every game shares: protocol, seeded random numbers, records, share links, storage."""
