// Codes a visitor brings in the site address (the legacy ?affiliateCode=, ?r=, ?referralCode=).

export interface UrlCodes {
  affiliateCode: string;
  referralCode: string;
}

export function codesFromSearch(search: string): UrlCodes {
  const query = new URLSearchParams(search);
  return {
    affiliateCode: (query.get('affiliateCode') ?? query.get('r') ?? '').trim(),
    referralCode: (query.get('referralCode') ?? '').trim(),
  };
}
