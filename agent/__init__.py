"""The synthesis agent: planner, knowledge base, trajectory memory, LLM client."""
