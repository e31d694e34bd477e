// Placeholder: the fluidity engine is being written (see rules/game_engine.h).
