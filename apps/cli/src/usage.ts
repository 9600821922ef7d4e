/** What `npm run baalda` prints when called wrong. */
export const USAGE = `usage: npm run baalda -- [--relay URL] <command> [options]

as a person (--token T or $BAALDA_TOKEN; --vault V, default "default"):
  tree                       list folders and notes
  trash                      list the trash
  new <path.md>              create an empty note
  mkdir <folder>             create a folder
  mv <note|folder> <path>    rename or move
  rm <note|folder>           move to the trash
  restore <path|docId>       bring back from the trash
  empty-trash                delete everything in the trash for good
  mcp-stdio [--url URL]      serve the token's vault as MCP tools on stdin/stdout, for assistants
                             that only start local servers (--url is --relay; use npm run -s)
  mirror <dir> [--interval MS]
                             keep <dir> and the vault in step both ways, as Markdown files and
                             attachments, until Ctrl-C (works offline; state in <dir>/.baalda)
  export <dir|file.zip>      write every note as Markdown (front matter holds its docId) and
                             every attachment as its file
  import <dir> [--into F]    add a folder of Markdown and other files (an Obsidian vault) as notes
                             and attachments, keeping its tree; importing it again adds nothing twice

as the relay's operator (the admin key: --admin-key-file F, else $BAALDA_ADMIN_KEY_FILE,
else $BAALDA_DATA_DIR/admin.key, else ./data/admin.key; the relay must run on this machine):
  user add <email> [--name N]                      add an account; the password is read from stdin
  vault create <name> --owner <email>              create a vault
  vault grant <vault> <email> --role owner|editor|viewer
                                                   add a member or change their role
  folder restrict <vault> <folder> --members <email,...>
                                                   only these members see the folder (ACL2)
  folder restrict <vault> <folder> --clear         open the folder to every member again
  token create --user <email> --vault <vault> [--read-only] [--expires 30d] [--name N]
                                                   print a new token's secret (only it, on stdout)
  token revoke <id>                                revoke a token
  token list                                       list every token
  reindex [--embedder NAME]                        rebuild the search index from the stored notes

--relay defaults to $BAALDA_RELAY_URL or http://127.0.0.1:8787
exit codes: 0 done, 1 the relay refused (or could not be reached), 2 wrong usage`;
