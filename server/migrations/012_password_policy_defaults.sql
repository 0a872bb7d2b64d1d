-- Issue 7, item 8: the shipped password rule was 6-20 letters and digits. Brands still carrying
-- that seeded rule, unchanged, get the new default: any character, 8-64 long (the server also
-- keeps 8 and 64 as floors under every rule, and refuses common passwords). A rule an operator
-- changed in any way is left as the operator made it.
UPDATE register_field_rule
   SET accepted_pattern = '*', pattern_id = 0, min_length = 8, max_length = 64
 WHERE field IN ('password', 'confirmPassword')
   AND accepted_pattern = '^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$'
   AND pattern_id = 5
   AND min_length = 6
   AND max_length = 20;
