-- Where the operator hid a figure (issue 17): a free-text note, admins only, never public.
ALTER TABLE "boonees" ADD COLUMN "placement_note" text;
