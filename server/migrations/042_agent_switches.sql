-- The agent centre's whitelabel switches (REFERENCE.md §1.7; AGENT_PAGE_SWITCHES in the contract):
-- a module that is not configured is off, so every merchant that existed before them gets them on,
-- as the seed gives new merchants; an operator turns one off to hide the page and refuse its calls.
INSERT INTO whitelabel_module (merchant_id, module_id, enabled)
SELECT m.id, x.module_id, true
  FROM merchant m
 CROSS JOIN (VALUES ('AGEREGDOWN3'), ('CREATEAFF3'), ('AFFMAN3'), ('DOWNMAN'), ('TEAMBETTING3'), ('AGETEAMPNL3'), ('AGEREV3'),
                    ('AGENTRANSMULTDOWN3'), ('DIVIDEND'), ('DAYSAL'), ('HOURSAL3')) AS x (module_id)
ON CONFLICT DO NOTHING;
