# Friends: following, blocking, who is online.
friends-title = Friends
friends-follow = Follow
friends-unfollow = Unfollow
friends-block = Block
friends-unblock = Unblock
friends-online = online
friends-offline = offline
friends-watch = Watch { $game }
friends-none = You follow nobody yet: follow players from their profiles to see when they are online and watch their games.
friends-blocked = Blocked
