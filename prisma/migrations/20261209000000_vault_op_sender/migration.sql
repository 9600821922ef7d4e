-- OP3, ACL9: an op id is its sender's, in its vault. A stored outcome names the path an op put a note at, so a
-- replay answers only the member who sent the op; the same id from anyone else is an op of their own. Rows
-- stored before have no sender ('') and still answer within their vault.
ALTER TABLE "vault_op" ADD COLUMN "actor_id" TEXT NOT NULL DEFAULT '';
ALTER TABLE "vault_op" DROP CONSTRAINT "vault_op_pkey";
ALTER TABLE "vault_op" ADD CONSTRAINT "vault_op_pkey" PRIMARY KEY ("vault_id", "actor_id", "op_id");
