/** What the later generator parts need to know about a finished project. */
export interface ProjectSummary {
  project_id: string;
  name: string;
  registry: string;
  proponent: string;
  category: string;
  country: string;
  issued: number;
  retired: number;
  active: boolean;
}
