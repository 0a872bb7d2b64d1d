-- A conversation's "taken" notice names the operator who took it (modules/chat): the member's
-- window says who joined. The notice stays the system's line (sender 'system'), so a system
-- message may now carry an operator; a member's never does, an operator's always does.
DO $$
DECLARE
  constraint_name text;
BEGIN
  SELECT conname INTO constraint_name FROM pg_constraint
   WHERE conrelid = 'chat_message'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%sender = ''operator''%operator_id IS NOT NULL%';
  EXECUTE format('ALTER TABLE chat_message DROP CONSTRAINT %I', constraint_name);
END $$;

ALTER TABLE chat_message ADD CONSTRAINT chat_message_operator_check
  CHECK ((sender <> 'operator' OR operator_id IS NOT NULL) AND (sender <> 'member' OR operator_id IS NULL)
         AND (operator_id IS NULL OR sender = 'operator' OR notice = 'taken'));
