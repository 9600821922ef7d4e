-- OAU4: assistant apps registered by OAuth dynamic client registration (public clients, PKCE only).
CREATE TABLE "oauth_client" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "info" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("id")
);

-- OAU6: an authorization from the request through a person's consent to its one code exchange.
CREATE TABLE "oauth_authorization" (
    "id" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "state" TEXT,
    "scopes" TEXT NOT NULL,
    "resource" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "user_id" TEXT,
    "vault_id" TEXT,
    "read_only" BOOLEAN,
    "code_hash" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "used_at" TIMESTAMPTZ(3),
    "grant_id" TEXT,
    CONSTRAINT "oauth_authorization_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "oauth_authorization_code_hash_key" ON "oauth_authorization"("code_hash");
CREATE INDEX "oauth_authorization_expires_at_idx" ON "oauth_authorization"("expires_at");
ALTER TABLE "oauth_authorization" ADD CONSTRAINT "oauth_authorization_client_id_fkey"
    FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- OAU5: a grant is an ordinary access token that names the app it was given to.
ALTER TABLE "access_token" ADD COLUMN "oauth_client_id" TEXT;
ALTER TABLE "access_token" ADD CONSTRAINT "access_token_oauth_client_id_fkey"
    FOREIGN KEY ("oauth_client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- OAU2, OAU7: a grant's access and refresh tokens, by SHA-256 only.
CREATE TABLE "oauth_token" (
    "secret_hash" TEXT NOT NULL,
    "grant_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_token_pkey" PRIMARY KEY ("secret_hash"),
    CONSTRAINT "oauth_token_kind_check" CHECK ("kind" IN ('access', 'refresh'))
);
CREATE INDEX "oauth_token_grant_id_idx" ON "oauth_token"("grant_id");
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_grant_id_fkey"
    FOREIGN KEY ("grant_id") REFERENCES "access_token"("id") ON DELETE CASCADE ON UPDATE CASCADE;
