-- The owner chooses whether visitors see an email address (the contact email, else the login
-- email). Existing profiles keep showing it, as before.
ALTER TABLE "Profile" ADD COLUMN "hideEmail" BOOLEAN NOT NULL DEFAULT false;
