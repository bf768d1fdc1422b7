-- A tax invoice keeps the buyer name it was issued with when the lead traveller's name is corrected afterwards (the desk, issue 20).
ALTER TABLE "bookings" ADD COLUMN "invoice_buyer_name" text;
