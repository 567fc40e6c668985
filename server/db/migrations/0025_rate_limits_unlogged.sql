-- Throttle counters are not worth a WAL flush (decision 027): every claim, sign-in and password check
-- touches this table outside the transaction it guards, so on a logged table each attempt waited for
-- a disk flush while holding the row lock of its address, and all attempts behind one address queued
-- on it. An unlogged table keeps its rows (this rewrites it, data included); after a crash of
-- PostgreSQL it starts empty, and standbys do not carry it: budgets start afresh then, at most ten minutes early.
ALTER TABLE "rate_limits" SET UNLOGGED;
