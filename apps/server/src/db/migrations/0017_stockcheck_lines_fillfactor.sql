-- Counting and confirming change no indexed column of a line: with room left on each page, those
-- updates stay on the page (HOT) and skip index maintenance.
ALTER TABLE "stock_check_lines" SET (fillfactor = 50);
