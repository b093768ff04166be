"""The generic engine: compiled programs, states, and the mechanisms they are made of."""
