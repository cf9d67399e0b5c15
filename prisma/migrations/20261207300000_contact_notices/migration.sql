-- Whether an owner is emailed when a visitor leaves their details: on for everyone, as before;
-- turned off from the Contacts page or the emails' one-click unsubscribe link (RFC 8058).
ALTER TABLE "Customer" ADD COLUMN "contactNotices" BOOLEAN NOT NULL DEFAULT true;
