-- Issue 6: accounts, sessions, vault roles, private folders, access tokens and invites (ACL, ACC rules).
-- Secrets (sessions, tokens, invites) are stored only as SHA-256 hashes: they are 32 random bytes, so a
-- fast hash is enough, and a stolen table gives nothing that can be replayed.

ALTER TABLE "vault" ADD COLUMN "name" TEXT NOT NULL DEFAULT 'Notes';
ALTER TABLE "vault" ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE TABLE "app_user" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "app_user_email_key_key" ON "app_user"("email_key");

CREATE TABLE "user_session" (
    "secret_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "user_session_pkey" PRIMARY KEY ("secret_hash"),
    CONSTRAINT "user_session_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "user_session_user_id_idx" ON "user_session"("user_id");

CREATE TABLE "vault_member" (
    "vault_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "vault_member_pkey" PRIMARY KEY ("vault_id", "user_id"),
    CONSTRAINT "vault_member_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer')),
    CONSTRAINT "vault_member_vault_id_fkey" FOREIGN KEY ("vault_id") REFERENCES "vault"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "vault_member_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "vault_member_user_id_idx" ON "vault_member"("user_id");

-- ACL2: a private folder, keyed like notes (path_key); `members` may see it and all inside it.
CREATE TABLE "folder_restriction" (
    "vault_id" TEXT NOT NULL,
    "folder_key" TEXT NOT NULL,
    "folder_path" TEXT NOT NULL,
    "members" TEXT[] NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "folder_restriction_pkey" PRIMARY KEY ("vault_id", "folder_key"),
    CONSTRAINT "folder_restriction_vault_id_fkey" FOREIGN KEY ("vault_id") REFERENCES "vault"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "access_token" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "read_only" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    CONSTRAINT "access_token_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "access_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "access_token_vault_id_fkey" FOREIGN KEY ("vault_id") REFERENCES "vault"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "access_token_secret_hash_key" ON "access_token"("secret_hash");
CREATE INDEX "access_token_user_id_idx" ON "access_token"("user_id");

CREATE TABLE "vault_invite" (
    "secret_hash" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "vault_invite_pkey" PRIMARY KEY ("secret_hash"),
    CONSTRAINT "vault_invite_role_check" CHECK ("role" IN ('owner', 'editor', 'viewer')),
    CONSTRAINT "vault_invite_vault_id_fkey" FOREIGN KEY ("vault_id") REFERENCES "vault"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- ACL6: grows with every change of who may see what, so every relay re-decides its open connections.
CREATE TABLE "access_epoch" (
    "id" INTEGER NOT NULL,
    "epoch" BIGINT NOT NULL,
    CONSTRAINT "access_epoch_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "access_epoch_single_row" CHECK ("id" = 1)
);
INSERT INTO "access_epoch" ("id", "epoch") VALUES (1, 0);
