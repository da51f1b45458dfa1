/** The stay chosen in the booking panel: `YYYY-MM-DD` days and a number of guests. */
export interface StayChoice {
  checkIn: string;
  checkOut: string;
  guests: number;
}
