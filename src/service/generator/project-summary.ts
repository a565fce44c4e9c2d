/** What the later generator parts (forensics, satellite, countries, the advance) need to know about a project. */
export interface ProjectSummary {
  project_id: string;
  name: string | null;
  registry: string | null;
  proponent: string | null;
  category: string | null;
  project_type: string | null;
  country: string | null;
  issued: number | null;
  retired: number | null;
  active: boolean;
}
