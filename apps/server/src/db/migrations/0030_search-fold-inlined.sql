-- search_fold (migration 0027) is no longer declared STRICT; its text and its null for null stay as
-- they were. PostgreSQL inlines a SQL function into the query only when its body is as strict as
-- its declaration, which a CASE is not, so each call went through the function manager: about 4 µs
-- a row where the inlined expression takes 2, in every index recheck of a search (a name search
-- rechecks every contact its trigrams find). The indexes over it hold the same values and stay
-- valid; the planner matches them to the inlined form.
ALTER FUNCTION search_fold(text) CALLED ON NULL INPUT;
