// The copilot's knowledge (issue 42 point 1): articles a company writes or takes in from its file
// lists and quick messages, cut into passages that retrieval ranks in the database.

// The PostgreSQL text search configurations an article may be written in; the server never passes
// any other name to to_tsvector.
export const KNOWLEDGE_LANGUAGES = ['portuguese', 'english', 'spanish', 'turkish', 'simple'] as const;
export type KnowledgeLanguage = (typeof KNOWLEDGE_LANGUAGES)[number];

export const isKnowledgeLanguage = (value: string): value is KnowledgeLanguage => (KNOWLEDGE_LANGUAGES as readonly string[]).includes(value);

// Retrieval answers at most this many passages, for a question cut to this many characters.
export const KNOWLEDGE_MAX_PASSAGES = 10;
export const KNOWLEDGE_QUESTION_MAX_CHARS = 1000;
