-- ACC13: an account an admin disabled: its sessions are gone, its tokens revoked, and nothing it holds works
-- until it is enabled again.
ALTER TABLE "app_user" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
