// What the rest of the app uses of the timetable read pages: the facility manager's campus card (the
// pages themselves are loaded by path in app/pages.ts).
export { CampusTimetableCard } from './components/campus-timetable-card';
// The private iCalendar link, also on the profile page ("Thông tin cá nhân").
export { CalendarFeedBlock } from './components/calendar-feed-block';
// The week's row headers (a session's opening row, a period with its times), also in the student's
// registration week preview.
export { PeriodRowHeader, SessionHeaderRow } from './components/grid-rows';
