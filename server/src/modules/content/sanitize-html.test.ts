import { isSafeUrl, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting', () => {
    const html = '<p>Hello <strong>player</strong>, <em>welcome</em>!</p><ul><li>one</li></ul><br>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script, style and iframe together with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x">x</iframe><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<SCRIPT type="text/javascript">alert(1)</SCRIPT >ok')).toBe('ok');
    expect(sanitizeHtml('before<script>never closed')).toBe('before');
  });

  it('removes event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<img src="x" onerror="alert(1)" alt="pic">')).toBe('<img src="x" alt="pic">');
    expect(sanitizeHtml('<p onclick=alert(1) style="color:red" class="note">t</p>')).toBe('<p class="note">t</p>');
    expect(sanitizeHtml("<a href='/help' onmouseover='x()'>help</a>")).toBe('<a href="/help">help</a>');
  });

  it('removes script URLs however they are disguised', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)',
      'javascript&#58;alert(1)', 'javascript&#x3A;alert(1)', 'javascript&colon;alert(1)', 'vbscript:x', 'data:text/html;base64,PHNjcmlwdD4=']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(isSafeUrl('https://luckystar.example')).toBe(true);
    expect(isSafeUrl('/promotions?id=1')).toBe(true);
    expect(isSafeUrl('mailto:help@luckystar.example')).toBe(true);
  });

  it('drops unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<marquee>news</marquee><font color="red">red</font>')).toBe('newsred');
  });

  it('turns broken markup into harmless text', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)//')).toBe('&lt;img src=x onerror=alert(1)//');
    expect(sanitizeHtml('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 &gt; 2');
    expect(sanitizeHtml('<!-- <script>alert(1)</script> -->visible')).toBe('visible');
  });

  it('keeps new windows from reaching back to the site', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('escapes quotes inside attribute values', () => {
    expect(sanitizeHtml(`<img alt='say "hi"' src="a.png">`)).toBe('<img alt="say &quot;hi&quot;" src="a.png">');
  });
});
