-- The southern and central Vietnamese lotteries (XSMN, XSMT): a new kind, VN18 (18 prize numbers,
-- lottery-rules/src/draw.ts VN18_PRIZE_DIGITS), and a game per province, each drawing on its own
-- weekdays. Every day several provinces (đài) draw, each on fixed weekdays: the south at 16:15,
-- the centre at 17:15, Vietnam time (UTC+7); sales close 15 minutes before. Their numbers are the
-- state draw's, entered by staff with four eyes (result_source 'official', migration 086). A
-- five-minute game in the same format (VNMN5) is drawn by the house from its seeds.
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
  ADD CONSTRAINT lottery_game_kind_known CHECK (kind IN ('SSC', '11X5', 'PK10', 'LHC', 'VN', 'K3', 'PC28', '3D', 'P5', 'VN18'));

-- The local weekdays (utc_offset_minutes) a game draws on, a mask: Monday 1, Tuesday 2, Wednesday 4,
-- Thursday 8, Friday 16, Saturday 32, Sunday 64; 127 every day, as every game so far. A day off
-- has no round (server/src/modules/lottery/schedule.ts); numeros stay the local date.
ALTER TABLE lottery_game
  ADD COLUMN draw_weekdays integer NOT NULL DEFAULT 127 CHECK (draw_weekdays BETWEEN 1 AND 127);

-- The default games as before (every day, drawn by the house), the house's five-minute southern
-- game, then the provinces, south (group VNS, 16:15 = 58500 s) and centre (group VNC, 17:15 =
-- 62100 s), by their first weekday. Provinces drawing twice a week: TP. Hồ Chí Minh Monday and
-- Saturday (33), Thừa Thiên Huế Monday and Sunday (65), Đà Nẵng Wednesday and Saturday (36), Khánh
-- Hòa Wednesday and Sunday (68).
CREATE OR REPLACE FUNCTION lottery_insert_default_games(merchant integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lottery_game (merchant_id, game_code, kind, group_code, prize_mode, name, interval_seconds, close_seconds,
                            first_draw_seconds, draws_per_day, numero_digits, utc_offset_minutes, draw_weekdays, result_source,
                            min_series, max_bet_series, max_series, default_series, max_prize_minor, sort_order)
  SELECT merchant, g.code, g.kind, g.grp, g.mode, g.name, g.interval_s, g.close_s, g.first_s, g.per_day, g.digits, g.utc_offset,
         g.weekdays, g.source, 1800, 1960, 1960, 1900, 30000000, g.sort_order
    FROM (VALUES
      ('SSC1',    'SSC',  'SSC',  'Lott', '1-minute SSC',               60,    5,    60,    1440, 4, 480, 127, 'house',    0),
      ('SSC5',    'SSC',  'SSC',  'Lott', '5-minute SSC',               300,   30,   300,   288,  3, 480, 127, 'house',    1),
      ('GD11X5',  '11X5', '11X5', 'Lott', '3-minute 11x5',              180,   20,   180,   480,  3, 480, 127, 'house',    2),
      ('PK10',    'PK10', 'PK10', 'Lott', 'Speed Racing (75 s)',        75,    8,    75,    1152, 4, 480, 127, 'house',    3),
      ('LHC5',    'LHC',  'LHC',  'Lott', 'Speed Mark Six (5 min)',     300,   30,   300,   288,  3, 480, 127, 'house',    4),
      ('VNMB',    'VN',   'VN',   'SEA',  'Vietnam Daily (house draw)', 86400, 600,  65700, 1,    0, 420, 127, 'house',    5),
      ('VN5',     'VN',   'VN',   'SEA',  'Fast Vietnam (5 min)',       300,   30,   300,   288,  3, 420, 127, 'house',    6),
      ('JSK3',    'K3',   'K3',   'Lott', 'Fast 3 (1 min)',             60,    5,    60,    1440, 4, 480, 127, 'house',    7),
      ('PC28',    'PC28', 'PC28', 'Lott', 'Lucky 28 (3.5 min)',         210,   30,   210,   411,  3, 480, 127, 'house',    8),
      ('F3D',     '3D',   '3D',   'Lott', 'Fast 3D (5 min)',            300,   30,   300,   288,  3, 480, 127, 'house',    9),
      ('FC3D',    '3D',   '3D',   'Lott', 'Daily 3D (house draw)',      86400, 900,  76500, 1,    0, 480, 127, 'house',    10),
      ('FPL5',    'P5',   'P5',   'Lott', 'Fast Pick 5 (5 min)',        300,   30,   300,   288,  3, 480, 127, 'house',    11),
      ('PL5',     'P5',   'P5',   'Lott', 'Daily Pick 5 (house draw)',  86400, 900,  73800, 1,    0, 480, 127, 'house',    12),
      ('VNMN5',   'VN18', 'VNS',  'SEA',  'Fast Southern (5 min)',      300,   30,   300,   288,  3, 420, 127, 'house',    13),
      ('XSMNHCM', 'VN18', 'VNS',  'SEA',  'Southern: Ho Chi Minh City', 86400, 900,  58500, 1,    0, 420, 33,  'official', 14),
      ('XSMNDT',  'VN18', 'VNS',  'SEA',  'Southern: Dong Thap',        86400, 900,  58500, 1,    0, 420, 1,   'official', 15),
      ('XSMNCM',  'VN18', 'VNS',  'SEA',  'Southern: Ca Mau',           86400, 900,  58500, 1,    0, 420, 1,   'official', 16),
      ('XSMNBTR', 'VN18', 'VNS',  'SEA',  'Southern: Ben Tre',          86400, 900,  58500, 1,    0, 420, 2,   'official', 17),
      ('XSMNVT',  'VN18', 'VNS',  'SEA',  'Southern: Vung Tau',         86400, 900,  58500, 1,    0, 420, 2,   'official', 18),
      ('XSMNBL',  'VN18', 'VNS',  'SEA',  'Southern: Bac Lieu',         86400, 900,  58500, 1,    0, 420, 2,   'official', 19),
      ('XSMNDN',  'VN18', 'VNS',  'SEA',  'Southern: Dong Nai',         86400, 900,  58500, 1,    0, 420, 4,   'official', 20),
      ('XSMNCT',  'VN18', 'VNS',  'SEA',  'Southern: Can Tho',          86400, 900,  58500, 1,    0, 420, 4,   'official', 21),
      ('XSMNST',  'VN18', 'VNS',  'SEA',  'Southern: Soc Trang',        86400, 900,  58500, 1,    0, 420, 4,   'official', 22),
      ('XSMNTN',  'VN18', 'VNS',  'SEA',  'Southern: Tay Ninh',         86400, 900,  58500, 1,    0, 420, 8,   'official', 23),
      ('XSMNAG',  'VN18', 'VNS',  'SEA',  'Southern: An Giang',         86400, 900,  58500, 1,    0, 420, 8,   'official', 24),
      ('XSMNBTH', 'VN18', 'VNS',  'SEA',  'Southern: Binh Thuan',       86400, 900,  58500, 1,    0, 420, 8,   'official', 25),
      ('XSMNVL',  'VN18', 'VNS',  'SEA',  'Southern: Vinh Long',        86400, 900,  58500, 1,    0, 420, 16,  'official', 26),
      ('XSMNBD',  'VN18', 'VNS',  'SEA',  'Southern: Binh Duong',       86400, 900,  58500, 1,    0, 420, 16,  'official', 27),
      ('XSMNTV',  'VN18', 'VNS',  'SEA',  'Southern: Tra Vinh',         86400, 900,  58500, 1,    0, 420, 16,  'official', 28),
      ('XSMNLA',  'VN18', 'VNS',  'SEA',  'Southern: Long An',          86400, 900,  58500, 1,    0, 420, 32,  'official', 29),
      ('XSMNBP',  'VN18', 'VNS',  'SEA',  'Southern: Binh Phuoc',       86400, 900,  58500, 1,    0, 420, 32,  'official', 30),
      ('XSMNHG',  'VN18', 'VNS',  'SEA',  'Southern: Hau Giang',        86400, 900,  58500, 1,    0, 420, 32,  'official', 31),
      ('XSMNTG',  'VN18', 'VNS',  'SEA',  'Southern: Tien Giang',       86400, 900,  58500, 1,    0, 420, 64,  'official', 32),
      ('XSMNKG',  'VN18', 'VNS',  'SEA',  'Southern: Kien Giang',       86400, 900,  58500, 1,    0, 420, 64,  'official', 33),
      ('XSMNDL',  'VN18', 'VNS',  'SEA',  'Southern: Da Lat',           86400, 900,  58500, 1,    0, 420, 64,  'official', 34),
      ('XSMTTTH', 'VN18', 'VNC',  'SEA',  'Central: Thua Thien Hue',    86400, 900,  62100, 1,    0, 420, 65,  'official', 35),
      ('XSMTPY',  'VN18', 'VNC',  'SEA',  'Central: Phu Yen',           86400, 900,  62100, 1,    0, 420, 1,   'official', 36),
      ('XSMTDLK', 'VN18', 'VNC',  'SEA',  'Central: Dak Lak',           86400, 900,  62100, 1,    0, 420, 2,   'official', 37),
      ('XSMTQNA', 'VN18', 'VNC',  'SEA',  'Central: Quang Nam',         86400, 900,  62100, 1,    0, 420, 2,   'official', 38),
      ('XSMTDNG', 'VN18', 'VNC',  'SEA',  'Central: Da Nang',           86400, 900,  62100, 1,    0, 420, 36,  'official', 39),
      ('XSMTKH',  'VN18', 'VNC',  'SEA',  'Central: Khanh Hoa',         86400, 900,  62100, 1,    0, 420, 68,  'official', 40),
      ('XSMTBDI', 'VN18', 'VNC',  'SEA',  'Central: Binh Dinh',         86400, 900,  62100, 1,    0, 420, 8,   'official', 41),
      ('XSMTQT',  'VN18', 'VNC',  'SEA',  'Central: Quang Tri',         86400, 900,  62100, 1,    0, 420, 8,   'official', 42),
      ('XSMTQB',  'VN18', 'VNC',  'SEA',  'Central: Quang Binh',        86400, 900,  62100, 1,    0, 420, 8,   'official', 43),
      ('XSMTGL',  'VN18', 'VNC',  'SEA',  'Central: Gia Lai',           86400, 900,  62100, 1,    0, 420, 16,  'official', 44),
      ('XSMTNT',  'VN18', 'VNC',  'SEA',  'Central: Ninh Thuan',        86400, 900,  62100, 1,    0, 420, 16,  'official', 45),
      ('XSMTQNG', 'VN18', 'VNC',  'SEA',  'Central: Quang Ngai',        86400, 900,  62100, 1,    0, 420, 32,  'official', 46),
      ('XSMTDNO', 'VN18', 'VNC',  'SEA',  'Central: Dak Nong',          86400, 900,  62100, 1,    0, 420, 32,  'official', 47),
      ('XSMTKT',  'VN18', 'VNC',  'SEA',  'Central: Kon Tum',           86400, 900,  62100, 1,    0, 420, 64,  'official', 48)
    ) AS g(code, kind, grp, mode, name, interval_s, close_s, first_s, per_day, digits, utc_offset, weekdays, source, sort_order)
  ON CONFLICT (merchant_id, game_code) DO NOTHING
$$;

SELECT lottery_insert_default_games(id) FROM merchant;
