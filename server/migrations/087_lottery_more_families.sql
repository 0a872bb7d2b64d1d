-- More lottery families (lottery-rules/src/types.ts LotteryKind): K3 (快三, three dice), PC28
-- (幸运28, three digits read by their sum), 3D (福彩3D, three digits) and P5 (排列三/排列五, five
-- digits whose first three are the Pick 3). Their plays, odds and draws are lottery-rules'; the
-- schema only has to accept the kinds, and every merchant gets a game of each.
DO $$
DECLARE
  kind_rule text;
BEGIN
  SELECT conname INTO kind_rule FROM pg_constraint
   WHERE conrelid = 'lottery_game'::regclass AND contype = 'c'
     AND pg_get_constraintdef(oid) LIKE '%kind%''SSC''%';
  EXECUTE format('ALTER TABLE lottery_game DROP CONSTRAINT %I', kind_rule);
END $$;
ALTER TABLE lottery_game
  ADD CONSTRAINT lottery_game_kind_known CHECK (kind IN ('SSC', '11X5', 'PK10', 'LHC', 'VN', 'K3', 'PC28', '3D', 'P5'));

-- The default games, as before, and the new families: a one-minute dice game, Lucky 28 every
-- three and a half minutes, five-minute 3D and Pick 5, and the daily 3D (21:15) and Pick 5 (20:30)
-- in China's time zone, drawn by the house from their seeds like every house game (an operator
-- may switch a game to official results and enter the state draw's numbers instead).
CREATE OR REPLACE FUNCTION lottery_insert_default_games(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lottery_game (merchant_id, game_code, kind, group_code, prize_mode, name, interval_seconds, close_seconds,
                            first_draw_seconds, draws_per_day, numero_digits, utc_offset_minutes,
                            min_series, max_bet_series, max_series, default_series, max_prize_minor, sort_order)
  SELECT merchant, g.code, g.kind, g.grp, g.mode, g.name, g.interval_s, g.close_s, g.first_s, g.per_day, g.digits, g.utc_offset,
         1800, 1960, 1960, 1900, 30000000, g.sort_order
    FROM (VALUES
      ('SSC1',   'SSC',  'SSC',  'Lott', '1-minute SSC',               60,    5,    60,    1440, 4, 480, 0),
      ('SSC5',   'SSC',  'SSC',  'Lott', '5-minute SSC',               300,   30,   300,   288,  3, 480, 1),
      ('GD11X5', '11X5', '11X5', 'Lott', '3-minute 11x5',              180,   20,   180,   480,  3, 480, 2),
      ('PK10',   'PK10', 'PK10', 'Lott', 'Speed Racing (75 s)',        75,    8,    75,    1152, 4, 480, 3),
      ('LHC5',   'LHC',  'LHC',  'Lott', 'Speed Mark Six (5 min)',     300,   30,   300,   288,  3, 480, 4),
      ('VNMB',   'VN',   'VN',   'SEA',  'Vietnam Daily (house draw)', 86400, 600,  65700, 1,    0, 420, 5),
      ('VN5',    'VN',   'VN',   'SEA',  'Fast Vietnam (5 min)',       300,   30,   300,   288,  3, 420, 6),
      ('JSK3',   'K3',   'K3',   'Lott', 'Fast 3 (1 min)',             60,    5,    60,    1440, 4, 480, 7),
      ('PC28',   'PC28', 'PC28', 'Lott', 'Lucky 28 (3.5 min)',         210,   30,   210,   411,  3, 480, 8),
      ('F3D',    '3D',   '3D',   'Lott', 'Fast 3D (5 min)',            300,   30,   300,   288,  3, 480, 9),
      ('FC3D',   '3D',   '3D',   'Lott', 'Daily 3D (house draw)',      86400, 900,  76500, 1,    0, 480, 10),
      ('FPL5',   'P5',   'P5',   'Lott', 'Fast Pick 5 (5 min)',        300,   30,   300,   288,  3, 480, 11),
      ('PL5',    'P5',   'P5',   'Lott', 'Daily Pick 5 (house draw)',  86400, 900,  73800, 1,    0, 480, 12)
    ) AS g(code, kind, grp, mode, name, interval_s, close_s, first_s, per_day, digits, utc_offset, sort_order)
  ON CONFLICT (merchant_id, game_code) DO NOTHING
$$;

SELECT lottery_insert_default_games(id) FROM merchant;
