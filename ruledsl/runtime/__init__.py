"""What the generated code stands on, knowing no construct: cards and decks, the State and its
contract, the one way cards are dealt and shuffled, the hand's declared fields, seats in play
order, observations, actions as text, failures located in the rule file."""
