/** The not-found page (spec §2, route table: any other route). */
export const notFound = {
  title: '404 - Page Not Found',
  text: "The page you're looking for doesn't exist.",
  homeLink: 'Return to the home page',
} as const;
