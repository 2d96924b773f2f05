-- checkBank is bound to the phone step (issue 13 §3.6): a successful checkPhone records which phone
-- an address is registering, for BANK_TOKEN_TTL_MS; checkBank from that address issues a token
-- bound to that phone, and signup refuses a token of another phone. Rows are pruned with the
-- rate-limit counters.
CREATE TABLE registration_phone_steps (
  address_key text NOT NULL CHECK (length(address_key) <= 64),
  phone_number text NOT NULL CHECK (phone_number ~ '^0[0-9]{9}$'),
  checked_at timestamptz NOT NULL,
  PRIMARY KEY (address_key, phone_number)
);
CREATE INDEX registration_phone_steps_recent ON registration_phone_steps (address_key, checked_at DESC);
