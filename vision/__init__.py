"""Board scanner: one table photo in, the laid path cards out."""
