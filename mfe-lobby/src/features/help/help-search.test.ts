import { foldText, groupByCategory, htmlText, searchable, searchArticles } from './help-search';

// The help search's folding and matching, apart from the page.

test('folds case, Latin accents and spaces, and keeps other scripts as they are', () => {
  expect(foldText('  Đăng   KÝ  ')).toBe('dang ky');
  expect(foldText('Pembayaran Daring')).toBe('pembayaran daring');
  expect(foldText('জমা করুন')).toBe('জমা করুন');
  expect(foldText('存款')).toBe('存款');
});

test('reads the words of an article, not its markup', () => {
  expect(htmlText('<p>Open <b>Deposit</b> &amp; pay</p>')).toBe('Open Deposit & pay');
});

test('finds every word anywhere in the title or body, title matches first, operator order within', () => {
  const list = [
    { id: 1, category: 'A', title: 'Withdrawal times', content: '<p>About deposit limits.</p>' },
    { id: 2, category: 'B', title: 'Deposit limits', content: '<p>Per day.</p>' },
    { id: 3, category: 'A', title: 'Bonus', content: '<p>Nothing here.</p>' },
  ];
  const index = searchable(list);
  expect(searchArticles(index, 'LIMITS deposit').map((article) => article.id)).toEqual([2, 1]);
  expect(searchArticles(index, 'bonus nothing').map((article) => article.id)).toEqual([3]);
  expect(searchArticles(index, '   ')).toEqual([]);
  expect(groupByCategory(list).map((group) => [group.category, group.articles.map((article) => article.id)])).toEqual([
    ['A', [1, 3]],
    ['B', [2]],
  ]);
});
