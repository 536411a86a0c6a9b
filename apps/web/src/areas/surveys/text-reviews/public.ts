// What other survey parts use of text reviews: the way to the review queue, with its pending count.
export { TextReviewsLink } from './components/text-reviews-link';
// The dashboards' review card, per office (its links go to that office's pages).
export { AdminPendingReviewsCard, QualityPendingReviewsCard } from './components/pending-reviews-card';
