import { useOrganizer } from './organizer-layout.route';

/** The organiser's dashboard (its sales come with the dashboard's pages). */
export default function OrganizerDashboard() {
  const { organizer } = useOrganizer();
  return <h1 className="text-2xl font-bold tracking-tight">Tableau de bord — {organizer.name}</h1>;
}
