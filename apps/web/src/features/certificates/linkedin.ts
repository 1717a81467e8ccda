/**
 * LinkedIn's "add to profile" link for a certification (issue 44): opens her profile's
 * Licenses & certifications form filled in with the course, Alcancía, the month it was earned,
 * the check page's address and the certificate's code.
 */
export function linkedInAddUrl(
  certificate: { id: string; courseName: string; completedOn: string },
  origin: string,
): string {
  const [year, month] = certificate.completedOn.split('-');
  const url = new URL('https://www.linkedin.com/profile/add');
  url.searchParams.set('startTask', 'CERTIFICATION_NAME');
  url.searchParams.set('name', certificate.courseName);
  url.searchParams.set('organizationName', 'Alcancía');
  if (year) url.searchParams.set('issueYear', year);
  if (month) url.searchParams.set('issueMonth', String(Number(month)));
  url.searchParams.set('certUrl', `${origin}/certificados/${encodeURIComponent(certificate.id)}`);
  url.searchParams.set('certId', certificate.id);
  return url.href;
}
