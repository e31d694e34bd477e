// Placeholder: the interweave engine is being written (see rules/game_engine.h).
